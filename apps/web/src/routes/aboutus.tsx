import { createFileRoute } from '@tanstack/react-router';
import { AboutUsPage } from '../features/content/AboutUsPage';

export const Route = createFileRoute('/aboutus')({
  component: AboutUsPage,
});
