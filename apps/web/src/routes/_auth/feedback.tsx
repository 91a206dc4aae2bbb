import { createFileRoute } from '@tanstack/react-router';
import { FeedbackPage } from '../../components/pages/FeedbackPage';

export const Route = createFileRoute('/_auth/feedback')({
  component: FeedbackPage,
});
