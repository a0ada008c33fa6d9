/** The caller's credits: the ledger of every change to the balance (GET /api/me/ledger). */
export { creditRoutes } from './routes';
