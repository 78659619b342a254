import { matcherContract } from './route-matcher.contract.ts';
import { UrlMatcher } from './url-matcher.ts';

matcherContract('UrlMatcher', (routes, options) => new UrlMatcher(routes, options));
