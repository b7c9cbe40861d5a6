import { NotFound } from '../../ui/not-found';

/** Any unknown path: says so and leads back to the start page of the current language. */
export default function NotFoundPage() {
  return <NotFound />;
}
