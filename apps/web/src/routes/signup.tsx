import { createFileRoute } from '@tanstack/react-router';
import { redirectSignedInUser } from '../features/account/redirect-signed-in';
import { SignUpPage } from '../features/account/SignUpPage';

export const Route = createFileRoute('/signup')({
  beforeLoad: redirectSignedInUser,
  component: SignUpPage,
});
