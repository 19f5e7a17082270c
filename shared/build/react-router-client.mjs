// What every app may take from `react-router`: the module the federation shares under the key
// `react-router` (webpack.config.factory.cjs), instead of the whole package.
//
// A shared module is not tree-shaken: its consumers are other builds, so webpack keeps every export
// and the page paid for all of react-router (59.5 KB gzip, server rendering and cookie parsing
// included). Sharing this list instead lets webpack drop the rest, while the key, the singleton and
// so the ONE router context across the shell and the remotes stay as they were (docs/rules/front-end-build.md §4.7).
// ESLint (`no-restricted-imports` in eslint.config.mjs) allows exactly these names from
// 'react-router', so a name missing here fails lint, not the page at run time: add it here. The
// shell's router is declarative (BrowserRouter + useRoutes): the data router (createBrowserRouter,
// RouterProvider, loaders) is left out on purpose, since it would bring react-router's data layer.
export {
  BrowserRouter,
  Link,
  MemoryRouter,
  NavLink,
  Navigate,
  Outlet,
  Route,
  Routes,
  createSearchParams,
  generatePath,
  matchPath,
  useHref,
  useInRouterContext,
  useLocation,
  useMatch,
  useNavigate,
  useOutletContext,
  useParams,
  useResolvedPath,
  useRoutes,
  useSearchParams,
  UNSAFE_LocationContext,
} from 'backlay-react-router-package';
