/** `/compare?saved=…&analyses=…`: 2 to 4 saved properties or analyses side by side (issue 14 §3). */
import { createFileRoute } from '@tanstack/react-router';
import { ComparePage } from '../features/compare/ComparePage';
import { compareSearchSchema } from '../features/compare/compare-search';

export const Route = createFileRoute('/compare')({
  validateSearch: compareSearchSchema,
  component: CompareRoute,
});

function CompareRoute() {
  return <ComparePage search={Route.useSearch()} />;
}
