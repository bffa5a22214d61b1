// @vitest-environment jsdom
import { act } from "react";
import { createRoutesStub, useLocation } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { testRoot } from "../../test/test-root";
import { bridge } from "../lib/bridge/bridge";
import { createI18n, ensureLanguage, I18nProvider, type Language } from "../lib/i18n/i18n";
import {
  hasCoordinates,
  type LocationDetail,
  LocationInfo,
  localisedLocation,
  mediaUrl,
  noContentPicture,
} from "./location-info";

const detail: LocationDetail = {
  location: "Stasiun Sudirman",
  address: "Jl. Jenderal Sudirman No. 1, Jakarta Pusat",
  description: "Near the north exit.",
  descriptionBahasa: "Dekat pintu keluar utara.",
  operationalHour: "Every day, 06:00 – 22:00",
  operationalHourBahasa: "Setiap hari, 06.00 – 22.00",
  photo: "/api/v1/media/locker/sudirman.svg",
  mapsLink: "https://maps.example/?q=-6.2,106.8",
  latitude: -6.2,
  longitude: 106.8,
};

describe("location info helpers", () => {
  it("shows 'See map' only with both coordinates", () => {
    expect(hasCoordinates(detail)).toBe(true);
    expect(hasCoordinates({ latitude: null, longitude: 106.8 })).toBe(false);
    expect(hasCoordinates({ latitude: -6.2, longitude: null })).toBe(false);
  });

  it("picks description and hours by language", () => {
    expect(localisedLocation(detail, "id")).toEqual({
      description: "Dekat pintu keluar utara.",
      operationalHour: "Setiap hari, 06.00 – 22.00",
    });
    expect(localisedLocation(detail, "en").description).toBe("Near the north exit.");
    expect(localisedLocation({ ...detail, descriptionBahasa: "" }, "id").description).toBe(
      "Near the north exit.",
    );
  });

  it("follows only http(s) and site paths, prefixed with the API base", () => {
    expect(mediaUrl("/api/v1/media/x.svg", "")).toBe("/api/v1/media/x.svg");
    expect(mediaUrl("/api/v1/media/x.svg", "https://api.test/")).toBe("https://api.test/api/v1/media/x.svg");
    expect(mediaUrl("https://cdn.test/a.jpg", "https://api.test")).toBe("https://cdn.test/a.jpg");
    expect(mediaUrl("javascript:alert(1)", "")).toBeNull();
    expect(mediaUrl(null, "")).toBeNull();
  });
});

describe("<LocationInfo>", () => {
  const dom = testRoot();
  const { $ } = dom;
  let lastLocation = "";

  beforeEach(() => {
    HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
      this.setAttribute("open", "");
    };
    HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
      this.removeAttribute("open");
    };
  });

  function Spy() {
    const location = useLocation();
    lastLocation = `${location.pathname}${location.search}`;
    return null;
  }

  async function render(value: LocationDetail, language: Language, url = "/order?orderid=1") {
    await ensureLanguage(language);
    const i18n = createI18n(language, { product: "Paxel" });
    const Stub = createRoutesStub([
      {
        path: "/order",
        Component: () => (
          <>
            <LocationInfo detail={value} />
            <Spy />
          </>
        ),
      },
    ]);
    await dom.render(
      <I18nProvider i18n={i18n}>
        <Stub initialEntries={[url]} />
      </I18nProvider>,
    );
  }

  it("renders place, address, texts in the language and 'See map' through the bridge", async () => {
    const open = vi.spyOn(bridge, "openMapLocation").mockResolvedValue({
      action: "openMapLocation",
      via: "browser",
      ok: true,
      at: 0,
    });
    await render(detail, "en");
    expect($("location-name")?.textContent).toBe("Stasiun Sudirman");
    expect($("location-address")?.textContent).toContain("Jakarta Pusat");
    expect($("location-description")?.textContent).toBe("Near the north exit.");
    expect($("location-hours")?.textContent).toBe("Every day, 06:00 – 22:00");
    expect(dom.container.textContent).toContain("Locker Location");
    const seeMap = $("location-see-map") as HTMLAnchorElement;
    expect(seeMap.textContent).toContain("See map");
    await act(async () => seeMap.click());
    expect(open).toHaveBeenCalledWith(-6.2, 106.8, "Stasiun Sudirman");
  });

  it("hides 'See map' without coordinates and speaks Indonesian", async () => {
    await render({ ...detail, latitude: null }, "id");
    expect($("location-see-map")).toBeNull();
    expect($("location-hours")?.textContent).toBe("Setiap hari, 06.00 – 22.00");
    expect(dom.container.textContent).toContain("Lokasi Loker");
  });

  it("falls back to the no-content picture when the photo breaks or is missing", async () => {
    await render(detail, "en");
    const image = dom.container.querySelector("img") as HTMLImageElement;
    expect(image.getAttribute("src")).toBe(detail.photo);
    await act(async () => image.dispatchEvent(new Event("error")));
    expect(image.getAttribute("src")).toBe(noContentPicture);
    dom.reset();
    await render({ ...detail, photo: null }, "en");
    expect(dom.container.querySelector("img")?.getAttribute("src")).toBe(noContentPicture);
  });

  it("opens the photo viewer with preview=true and closes it again", async () => {
    await render(detail, "en");
    const viewer = $("location-photo-viewer") as HTMLDialogElement;
    expect(viewer.hasAttribute("open")).toBe(false);
    await act(async () => ($("location-photo") as HTMLButtonElement).click());
    expect(lastLocation).toBe("/order?orderid=1&preview=true");
    expect(viewer.hasAttribute("open")).toBe(true);
    expect(viewer.querySelector("img")?.getAttribute("alt")).toBe("Photo of the locker at Stasiun Sudirman");
    await act(async () => ($("location-photo-close") as HTMLButtonElement).click());
    expect(lastLocation).toBe("/order?orderid=1");
    expect(viewer.hasAttribute("open")).toBe(false);
  });

  it("shows the viewer when opened with preview=true and closes without leaving the page", async () => {
    await render(detail, "id", "/order?orderid=1&preview=true");
    const viewer = $("location-photo-viewer") as HTMLDialogElement;
    expect(viewer.hasAttribute("open")).toBe(true);
    await act(async () => ($("location-photo-close") as HTMLButtonElement).click());
    expect(lastLocation).toBe("/order?orderid=1");
    expect(viewer.hasAttribute("open")).toBe(false);
  });
});
