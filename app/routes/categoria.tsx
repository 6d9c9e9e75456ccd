// Placeholder: being written by its issue.
export default function Screen() {
  return (
    <main id="contenido">
      <h1>categoria</h1>
    </main>
  );
}
