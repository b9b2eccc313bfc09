/** A lightning bolt: what the simulation does to a target (the Simulate menu's button). */
export function BoltIcon() {
  return (
    <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true" fill="currentColor">
      <path d="M8.2 0.8 2.6 7.9h3.6l-0.9 5.3 5.6-7.1H7.3z" />
    </svg>
  );
}
