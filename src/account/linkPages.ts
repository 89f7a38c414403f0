import type { AccountLinkPurpose } from '../../api/accountLinks';

/** The texts and ways back of each e-mailed link's pages. */
export interface LinkPageTexts {
  purpose: AccountLinkPurpose;
  /** Intro of the page that asks for the link. */
  requestIntro: string;
  requestSent: string;
  /** Intro of the page the link opens. */
  completeIntro: string;
  submit: string;
  done: string;
  /** Shown when the page is opened without a token. */
  missingToken: string;
  /** The page that sends a new link. */
  requestAgainPath: string;
}

export const LINK_PAGES: Record<AccountLinkPurpose, LinkPageTexts> = {
  reset: {
    purpose: 'reset',
    requestIntro: 'account.reset.intro',
    requestSent: 'account.reset.sent',
    completeIntro: 'account.reset.choose-password',
    submit: 'account.reset.submit',
    done: 'account.reset.done',
    missingToken: 'server.reset.failed',
    requestAgainPath: '/reset',
  },
  claim: {
    purpose: 'claim',
    requestIntro: 'account.claim.intro',
    requestSent: 'account.claim.sent',
    completeIntro: 'account.claim.choose-password',
    submit: 'account.claim.submit',
    done: 'account.claim.done',
    missingToken: 'server.claim.failed',
    requestAgainPath: '/claim',
  },
  activate: {
    purpose: 'activate',
    requestIntro: 'account.activate.intro',
    requestSent: 'account.activate.sent',
    completeIntro: 'account.activate.choose-password',
    submit: 'account.activate.submit',
    done: 'account.activate.done',
    missingToken: 'server.activation.failed',
    requestAgainPath: '/claim',
  },
};
