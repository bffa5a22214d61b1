import { describe, expect, it } from "vitest";
import { serviceVideoUrl } from "./service-section";

describe("service video address (spec §3)", () => {
  it("adds a scheme when missing and keeps http(s) addresses", () => {
    expect(serviceVideoUrl("www.youtube-nocookie.com/embed/abc")).toBe(
      "https://www.youtube-nocookie.com/embed/abc",
    );
    expect(serviceVideoUrl("//video.example/embed/1")).toBe("https://video.example/embed/1");
    expect(serviceVideoUrl("http://video.example/embed/1")).toBe("http://video.example/embed/1");
  });

  it("shows no video for an empty or non-http(s) address", () => {
    for (const url of [
      null,
      undefined,
      "",
      "  ",
      "javascript:alert(1)",
      "data:text/html,x",
      "/local/video",
    ]) {
      expect(serviceVideoUrl(url), String(url)).toBeNull();
    }
  });
});
