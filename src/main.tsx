import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import { printConsoleBanner } from './app/banner';
import { listenForPreloadErrors } from './app/preloadError';
import { createServices } from './app/services';
import { ServicesContext } from './app/ServicesContext';
import { AppRoutes } from './shell/router';
import './styles/theme.css';
import './styles/controls.css';
import './styles/frame.css';
import './styles/pages.css';
import './styles/widgets.css';
import './styles/responsive.css';

printConsoleBanner();
listenForPreloadErrors();

const services = createServices();
services.session.start();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The first render waits for the language's texts: no key or English flashes before them.
void services.languageReady.then(() =>
  createRoot(container).render(
    <StrictMode>
      <ServicesContext.Provider value={services}>
        <I18nextProvider i18n={services.i18n}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </I18nextProvider>
      </ServicesContext.Provider>
    </StrictMode>,
  ),
);
