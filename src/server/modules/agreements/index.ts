/** The agreements' public face: a stay's written agreement, its acceptances and its PDF. The rest of the server imports only this file. */
export { agreementRoutes } from './routes';
// The demo seed writes accepted agreements of its stays.
export { agreementHash } from './texts';
export { createAgreementService, type AgreementService, type AgreementServiceDeps } from './service';
