export { credentialsOf, extract_credentials, type Credentials } from './credentials.js';
export { readPaste, type PasteFormat, type ReadPaste } from './detect.js';
export type { PastedRequest } from './request.js';
export { NoCredentialsError, found_anything } from './errors.js';
