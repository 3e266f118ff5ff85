// A real SMTP server for the tests: the app delivers through nodemailer over SMTP to it,
// and each message lands as an .eml file in a folder the tests read (tests run in other
// processes than the one that started the server).
import fs from "node:fs";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import PostalMime from "postal-mime";

export type CapturedMail = { to: string[]; subject: string; text: string; html: string; file: string };

/** `refuse`: recipients the server refuses for good (550), as a server refuses an unknown user. */
export async function startSmtpCapture(dir: string, opts: { refuse?: RegExp } = {}): Promise<{ port: number; close: () => Promise<void> }> {
  fs.mkdirSync(dir, { recursive: true });
  let counter = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (opts.refuse?.test(address.address)) return callback(Object.assign(new Error("5.1.1 no such user here"), { responseCode: 550 }));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        counter += 1;
        const name = `${Date.now()}-${String(counter).padStart(5, "0")}.eml`;
        fs.writeFileSync(path.join(dir, name), Buffer.concat(chunks));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const address = server.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

export async function readMails(dir: string): Promise<CapturedMail[]> {
  if (!fs.existsSync(dir)) return [];
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".eml"))
    .sort();
  return Promise.all(
    files.map(async (file) => {
      const parsed = await PostalMime.parse(fs.readFileSync(path.join(dir, file)));
      return {
        to: (parsed.to ?? []).map((a) => (a.address ?? "").toLowerCase()),
        subject: parsed.subject ?? "",
        text: parsed.text ?? "",
        html: parsed.html ?? "",
        file,
      };
    }),
  );
}

/** Wait until a mail to `to` (and matching `subject`, if given) arrives; newest first. */
export async function waitForMail(dir: string, to: string, opts: { subject?: RegExp; timeoutMs?: number; after?: number } = {}): Promise<CapturedMail> {
  const deadline = Date.now() + (opts.timeoutMs ?? 20_000);
  while (Date.now() < deadline) {
    const mails = (await readMails(dir))
      .filter(
        (m) =>
          m.to.includes(to.toLowerCase()) && (!opts.subject || opts.subject.test(m.subject)) && (!opts.after || Number(m.file.split("-")[0]) >= opts.after),
      )
      .reverse();
    if (mails[0]) return mails[0];
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no mail to ${to} arrived`);
}
