import { renderToPipeableStream } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { DocumentSink } from "./document-sink.server";

/** Renders through React's pipe into a sink: the bytes it ends with, or the error it fails with. */
function render(element: React.ReactNode) {
  return new Promise<string>((resolve, reject) => {
    const sink = new DocumentSink((bytes) => resolve(bytes.toString("utf8")), reject);
    const { pipe } = renderToPipeableStream(element, {
      onAllReady: () => pipe(sink),
      onShellError: reject,
    });
  });
}

describe("DocumentSink", () => {
  it("gathers what React writes, bytes and long texts alike, in order", async () => {
    // A text long enough that React writes it as a string, between short parts it encodes.
    const long = "ñ".repeat(5_000);
    const html = await render(
      <main>
        <h1>Cámaras</h1>
        <p>{long}</p>
        <footer>fin</footer>
      </main>,
    );
    expect(html).toBe(`<main><h1>Cámaras</h1><p>${long}</p><footer>fin</footer></main>`);
  });

  it("ends once: later writes and ends are refused", () => {
    const ends: string[] = [];
    const sink = new DocumentSink(
      (bytes) => ends.push(bytes.toString()),
      () => {},
    );
    expect(sink.write("a")).toBe(true);
    sink.write(new TextEncoder().encode("b"));
    sink.end();
    expect(sink.write("c")).toBe(false);
    sink.end();
    expect(ends).toEqual(["ab"]);
  });

  it("fails with the error React destroys it with, and does not end after", () => {
    const ended: Buffer[] = [];
    const failures: Error[] = [];
    const sink = new DocumentSink(
      (bytes) => ended.push(bytes),
      (error) => failures.push(error),
    );
    const error = new Error("render failed");
    sink.destroy(error);
    sink.end();
    expect(failures).toEqual([error]);
    expect(ended).toEqual([]);
  });
});
