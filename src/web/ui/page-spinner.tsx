import { Spinner } from './spinner';
import { VisuallyHidden } from './visually-hidden';

/** A whole page waiting (e.g. for the session): a centred spinner, announced with `label`. */
export function PageSpinner({ label }: { label: string }) {
  return (
    <div className="flex justify-center py-24" role="status">
      <Spinner />
      <VisuallyHidden>{label}</VisuallyHidden>
    </div>
  );
}
