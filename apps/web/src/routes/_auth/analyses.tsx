/** /analyses: the signed-in user's analysis history (guests go to /login). */
import { createFileRoute } from '@tanstack/react-router';
import { RecentAnalysesPage } from '../../features/analyses/RecentAnalyses';

export const Route = createFileRoute('/_auth/analyses')({
  component: RecentAnalysesPage,
});
