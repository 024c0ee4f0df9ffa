import { NotFoundPage } from './not-found-views.tsx';

/** The not-found page as a template (it has no path of its own). */
export default NotFoundPage;
