import { describe, expect, it } from "vitest";
import { isPublicAddress, PrivateAddressError, privateHostProblem, publicOnlyLookup } from "./public-address";

describe("public addresses", () => {
  it("tells the public internet from this machine, private networks and metadata services", () => {
    for (const address of ["8.8.8.8", "151.101.1.69", "2606:4700::6810:85e5", "::ffff:8.8.8.8", "64:ff9b::808:808", "2002:808:808::1"]) expect(isPublicAddress(address), address).toBe(true);
    for (const address of [
      "127.0.0.1",
      "127.255.0.9",
      "10.1.2.3",
      "172.16.0.1",
      "172.31.255.255",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "255.255.255.255",
      "224.0.0.1",
      "::1",
      "::",
      "fe80::1",
      "fd00::1",
      "::ffff:127.0.0.1",
      "::ffff:7f00:1",
      "::ffff:a9fe:a9fe",
      "64:ff9b::a9fe:a9fe",
      "64:ff9b::127.0.0.1",
      "64:ff9b:1::1",
      "2002:7f00:1::",
      "2002:a9fe:a9fe::1",
      "not an address",
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it("names the problem of a URL whose host shows it without a lookup", () => {
    expect(privateHostProblem(new URL("https://hooks.example.com/a"))).toBeNull();
    expect(privateHostProblem(new URL("https://8.8.8.8/a"))).toBeNull();
    // The URL parser's own forms of one address: decimal, hexadecimal, IPv6 brackets.
    for (const url of ["http://127.0.0.1/", "http://2130706433/", "http://0x7f.1/", "http://[::1]:8080/", "http://169.254.169.254/latest/meta-data/", "http://LOCALHOST/", "http://localhost./", "http://api.localhost/", "http://db.internal/", "http://postgres:5432/", "http://[64:ff9b::7f00:1]/"]) {
      expect(privateHostProblem(new URL(url)), url).toMatch(/not a public internet address|private network/);
    }
  });

  it("fails a lookup whose answer is not public, one address asked for or all", async () => {
    for (const options of [{}, { all: true }]) {
      const error = await new Promise<Error | null>((resolve) => publicOnlyLookup("localhost", options, (e) => resolve(e)));
      expect(error).toBeInstanceOf(PrivateAddressError);
      // Not which address: the delivery log would map the deployment's internal names.
      expect(error!.message).toBe("localhost resolves to an address that is not on the public internet");
    }
  });
});
