/** Pieces shared by the guest spot, availability and artist screens (texts in the `listings` namespace). */
export { useCountries, useOwnPlace, useStyles, toQuery, type CountryOption, type StyleOption } from './api';
export { FILTER_KEYS, listHref, pageOf, useListAddress, type FilterKey, type Filters } from './list-address';
export { FilterBar } from './filter-bar';
export { ListResults } from './list-layout';
export { InactiveBadge, ListingCard, ListingCardSkeleton, StyleBadges, placeText, wantedPlaceText } from './listing-card';
export { Pagination, pageWindow } from './pagination';
export { Period, listingDateText, usePeriodText } from './period';
export { OTHER_CITY, PlaceFields, type PlaceValues } from './place-fields';
export { StylesChecklist } from './styles-checklist';
export { FormSummary } from './form-summary';
export { ConfirmDialog } from './confirm-dialog';
export { AddLink, OwnerActions } from './owner-actions';
export { ContactAction } from './contact-action';
export { MatchesList, type MatchItem } from './matches-list';
export { ListingTab, TabCard, TabSkeleton, type TabCardEntry } from './tab-card';
export { ManageList, type ManageEntry } from './manage-list';
export { DetailLayout, DetailSkeleton, LoadProblem, type DetailFact } from './detail-layout';
export { LoginOnly, serverFieldErrors } from './page-guard';
