import { useLocation } from 'react-router';
import { UnderConstruction } from '../../components/under-construction.tsx';
import { titleForPath } from '../layout/titles.ts';

/** A page of a feature not built yet: named after its header title. */
export function PlaceholderPage() {
  const { pathname } = useLocation();
  return <UnderConstruction feature={titleForPath(pathname) ?? ''} />;
}
