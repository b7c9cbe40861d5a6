/**
 * City alerts without an account: "tell me when this artist comes near me" by mail, confirmed
 * by double opt-in, told of stays and availabilities within the radius through the outbox. The
 * rest of the server imports only this file.
 */
export { cityAlertRoutes } from './routes';
export { alertEmailKey, CITY_ALERT_LIMITS, createCityAlertService, type CityAlertDeps, type CityAlertService, type Trip } from './service';
export { scheduleCityAlertCleanup } from './cleanup';
export { confirmToken as cityAlertConfirmToken, manageHash as cityAlertManageHash, manageToken as cityAlertManageToken, unsubscribeToken as cityAlertUnsubscribeToken } from './tokens';
