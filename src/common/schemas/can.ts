/**
 * What the viewer may do with an entity, decided by the server's policy for it: the web shows
 * an edit or delete control from this and never works ownership out for itself.
 */
export interface Can {
  edit: boolean;
  delete: boolean;
}
