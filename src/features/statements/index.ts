// What other areas may use of statements of account (the customer's page, the console's panel).
export { StatementPanel } from './console/statement-panel';
export { StatementPage } from './statement-page';
