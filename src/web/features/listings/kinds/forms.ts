import type { KindForm, KindName } from '../kind';
import { AVAILABILITY_FORM } from './availability-form';
import { GUEST_SPOT_FORM } from './guest-spots-form';

/** Every kind's form by kind name: imported by the form screens only, which load lazily. */
export const KIND_FORMS = { guestSpots: GUEST_SPOT_FORM, availability: AVAILABILITY_FORM } as unknown as Record<KindName, KindForm>;
