import { Link } from 'react-router';
import { biomarkerPagePath } from '../api/biomarker-readings.ts';

/** A biomarker's name as the link to its own page. */
export function BiomarkerName({ biomarker, name }: { biomarker: string; name: string }) {
  return (
    <Link to={biomarkerPagePath(biomarker)} className="text-primary underline-offset-2 hover:underline">
      {name}
    </Link>
  );
}
