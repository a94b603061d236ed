// Types of autobet-kills.mjs, for the TypeScript test that uses it.
export interface KillsResult {
  runs: { code: number | null; signal: string | null; stdout: string; stderr: string }[];
  last: { code: number | null; signal: string | null; stdout: string; stderr: string };
  killed: number;
  site_bets: number;
  journal_bets: number;
  duplicates: number;
  missing_in_journal: number;
  missing_on_site: number;
  pending: number;
  loss: number;
  stop_loss_units: number;
  journal_profit_units: number;
  site_profit_units: number;
}

export function killAndResume(o: {
  bin: string;
  sandbox: { url: string; login(): { access_token: string; session_cookie: string } };
  siteState: (login: { access_token: string; session_cookie: string }) => Promise<{ bets: { id: string }[]; balance: number }>;
  kills: number;
  random: () => number;
  readJournal: (db: string) => { placed: { bet_id: string; profit_units: number }[]; pending: number };
  max_bets?: number;
}): Promise<KillsResult>;
