// Placeholder: being written by its issue.
export default function Screen() {
  return (
    <main id="contenido">
      <h1>not found</h1>
    </main>
  );
}
