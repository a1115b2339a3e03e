import { startRemoteHarness } from '@memories/web-mf-runtime';
import { LandingPage } from '../landing-page/LandingPage';

startRemoteHarness({
  remote: 'landing',
  routes: [{ path: '/', element: <LandingPage /> }],
  links: [{ label: 'Landing', to: '/' }],
});
