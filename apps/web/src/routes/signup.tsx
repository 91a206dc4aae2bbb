import { createFileRoute } from '@tanstack/react-router';
import { redirectSignedInUser } from '../components/account/redirect-signed-in';
import { SignUpPage } from '../components/account/SignUpPage';

export const Route = createFileRoute('/signup')({
  beforeLoad: redirectSignedInUser,
  component: SignUpPage,
});
