import { createFileRoute } from '@tanstack/react-router';
import { HowToUsePage } from '../../components/pages/HowToUsePage';
import { publicConfigQuery } from '../../queries/session';

export const Route = createFileRoute('/_auth/howtouse')({
  loader: ({ context }) => context.queryClient.ensureQueryData(publicConfigQuery()),
  component: HowToUsePage,
});
