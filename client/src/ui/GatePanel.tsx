import { Link } from 'react-router-dom';

/** What a page shows a user whose plan does not include it: what it is, and the way to the plan that does. */
export function GatePanel({ title, text, action, to }: { title: string; text: string; action: string; to: string }) {
  return (
    <section className="gate-panel card" aria-labelledby="gate-title">
      <h1 id="gate-title">{title}</h1>
      <p>{text}</p>
      <Link className="button primary" to={to}>
        {action}
      </Link>
    </section>
  );
}
