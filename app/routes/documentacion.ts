// Placeholder resource route: being written by its issue.
export function loader() {
  return new Response("No implementado", { status: 501 });
}
