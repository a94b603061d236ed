export { AuthManager, TOKEN_EXPIRY_BUFFER_SECONDS } from './auth-manager.js';
