/**
 * The whole life of a generation job (docs/decisions/0079-generation-lifecycle-module.md): submit
 * (validation, placement, the charge that opens the job), its views, the Workflow that runs them,
 * the job's snapshot and answer, the money batches, and the sweeper that closes what a stopped
 * Worker left open. Other features and the app see only this.
 */
export { generateRoutes } from './generate-routes';
export { editRoutes } from './edit-routes';
export { upscaleRoutes } from './upscale-routes';
export { jobRoutes } from './job-routes';
export { GenerationWorkflow } from './workflow';
export { sweepOrphanCharges } from './sweeper';
export { unfinishedJobSnapshots } from './service';
export { jobHasEnded } from './queries';
