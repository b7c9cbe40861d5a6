export { Portfolio, type ImagesUpdater } from './components/portfolio';
export { UploadDialog } from './components/upload-dialog';
export { StyleChecklist } from './components/style-checklist';
export { ConfirmDialog } from './components/confirm-dialog';
export { uploadErrorMessage } from './upload-error';
export { useCountries, useGalleryStyles, type CountryOption, type Style } from './api';
