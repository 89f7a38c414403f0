import type { PageProps } from '../routes/types';
import { CompleteLinkPage } from './CompleteLinkPage';
import { RequestLinkPage } from './RequestLinkPage';

/** The public pages of the e-mailed links, one per route of SPEC section 2. */
export const ResetRequestPage = (props: PageProps) => (
  <RequestLinkPage {...props} purpose="reset" />
);
export const ClaimRequestPage = (props: PageProps) => (
  <RequestLinkPage {...props} purpose="claim" />
);
export const PasswordLinkPage = (props: PageProps) => (
  <CompleteLinkPage {...props} purpose="reset" />
);
export const ClaimLinkPage = (props: PageProps) => <CompleteLinkPage {...props} purpose="claim" />;
export const ActivationLinkPage = (props: PageProps) => (
  <CompleteLinkPage {...props} purpose="activate" />
);
