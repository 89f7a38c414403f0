import { version } from '../../package.json';

/** `3.2.0` is shown as version 3.2. */
export const APP_VERSION = version.split('.').slice(0, 2).join('.');

export function printConsoleBanner(log: (...data: unknown[]) => void = console.info): void {
  log(
    `%cRoyalty Portal%c version ${APP_VERSION}`,
    'color:#8ab4ff;font-weight:bold;font-size:14px',
    'color:inherit',
  );
}
