// A React tree rendered on the server to its whole HTML, its lazy parts included (renderToString
// gives up on a component that suspends, such as a React.lazy one loading its chunk).
import type { ReactNode } from "react";
import { prerenderToNodeStream } from "react-dom/static";

export async function renderAll(node: ReactNode): Promise<string> {
  const { prelude } = await prerenderToNodeStream(node);
  let html = "";
  for await (const chunk of prelude) html += typeof chunk === "string" ? chunk : Buffer.from(chunk as Uint8Array).toString("utf8");
  return html;
}
