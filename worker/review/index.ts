/** Review links: the owner's routes that make and list them, and the reviewer's routes behind a link. */
export { reviewOwnerRoutes, reviewerRoutes } from './routes';
export { reviewDeps } from './routes';
export { reviewPage } from './service';
export { tokenParamSchema } from './requests';
