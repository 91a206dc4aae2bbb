import { createFileRoute } from '@tanstack/react-router';
import { FeedbackPage } from '../../features/content/FeedbackPage';

export const Route = createFileRoute('/_auth/feedback')({
  component: FeedbackPage,
});
