/** Shown while the site is under maintenance (docs/rules/product.md §2: the text 'Under Main'). */
export function MaintenancePage() {
  return (
    <div className="bl-auth">
      <div className="bl-auth__card" role="status">
        <h1>Under Main</h1>
        <p>We are improving Backlay. Please come back in a little while.</p>
        <a href="/login">Try again</a>
      </div>
    </div>
  );
}
