/** Buying credits: orders, the checkout's confirmation and Razorpay's webhook. */
export { paymentRoutes } from './routes';
export { webhookRoutes } from './webhook-routes';
export { expireOpenOrders } from './queries';
