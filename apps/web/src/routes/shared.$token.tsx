/** `/shared/<token>`: a read-only shared analysis, for anyone with the link (no guard, no account). */
import { createFileRoute } from '@tanstack/react-router';
import { SharedAnalysisPage } from '../features/share/SharedAnalysisPage';

export const Route = createFileRoute('/shared/$token')({
  component: SharedRoute,
});

function SharedRoute() {
  const { token } = Route.useParams();
  return <SharedAnalysisPage token={token} />;
}
