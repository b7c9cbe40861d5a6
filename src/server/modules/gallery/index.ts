/**
 * The gallery's public face: its plugin and service, and the card pictures every list shows
 * (read a page at a time). The rest of the server imports only this file.
 */
export { galleryRoutes } from './routes';
export { createGalleryService, type GalleryService } from './service';
export { cardImageTags, createCardImages, type CardImageMap, type CardImages } from './card-images';
export type { NamedStyle } from './presenter';
// The demo seed fills portfolios in bulk.
export { insertPortfolios } from './repo';
export { galleryUploadAccess } from './upload-access';
