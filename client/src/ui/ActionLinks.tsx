import { Link } from 'react-router-dom';

interface LinkTarget {
  to: string;
  text: string;
}

/** Two links shown as buttons side by side: the page's next step, and the other way on beside it. */
export function ActionLinks({ primary, secondary }: { primary: LinkTarget; secondary: LinkTarget }) {
  return (
    <div className="actions">
      <Link className="button primary" to={primary.to}>
        {primary.text}
      </Link>
      <Link className="button" to={secondary.to}>
        {secondary.text}
      </Link>
    </div>
  );
}
