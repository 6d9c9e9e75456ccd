// Placeholder: being written by its issue.
export default function Screen() {
  return (
    <main id="contenido">
      <h1>productos</h1>
    </main>
  );
}
