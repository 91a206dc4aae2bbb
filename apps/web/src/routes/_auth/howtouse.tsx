import { createFileRoute } from '@tanstack/react-router';
import { publicConfigQuery } from '../../features/account/session';
import { HowToUsePage } from '../../features/content/HowToUsePage';

export const Route = createFileRoute('/_auth/howtouse')({
  loader: ({ context }) => context.queryClient.ensureQueryData(publicConfigQuery()),
  component: HowToUsePage,
});
