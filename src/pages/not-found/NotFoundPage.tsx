// The catch-all route: 'This page could not be found'.
import { NotFoundView } from '../../app/ErrorPage';

export default function NotFoundPage() {
  return <NotFoundView />;
}
