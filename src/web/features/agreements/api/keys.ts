/** The query keys of agreements: one per stay and viewer, so an acceptance or a live change refreshes just that one. */
export const agreementKeys = {
  stay: (me: number, stayId: number) => ['agreements', me, stayId] as const,
};
