import { dropOffMessages } from "@paxelbox/contract";
import { describe, expect, it } from "vitest";
import en from "../../../locales/en/drop-off";
import { fitWithin } from "./compress-photo";
import {
  digitsOnly,
  messageKey,
  packageFormResolver,
  packageFormValues,
  photoMessages,
  recipientPhoneInput,
  toPackageData,
} from "./package-form";
import { packageFormSchema } from "./package-form-schema";

const photo = "data:image/jpeg;base64,/9j/4AAQSkZJRg==";

function errorsOf(values: Record<string, unknown>) {
  const result = packageFormSchema.safeParse(values);
  if (result.success) return {};
  // The form shows the first message of each field (react-hook-form's default).
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return errors;
}

describe("drop-off form rules", () => {
  it("says every spec message for an empty form", () => {
    expect(errorsOf(packageFormValues(undefined, ""))).toEqual({
      sender_name: dropOffMessages.senderName,
      recipient_name: dropOffMessages.recipientName,
      recipient_mobile_number: dropOffMessages.recipientMobileNumber,
      locker_location: dropOffMessages.lockerLocation,
      package_size: dropOffMessages.packageSize,
      package_photo: dropOffMessages.packagePhoto,
      slider_verification: dropOffMessages.slider,
    });
  });

  it("trims values and builds the send body", () => {
    const values = packageFormSchema.parse({
      sender_name: "  JNE ",
      recipient_name: " Rina ",
      recipient_mobile_number: "0811222233333",
      locker_location: " Mal ",
      package_size: "M",
      package_photo: photo,
      slider_verification: true,
    });
    expect(toPackageData(values, 7)).toEqual({
      takeUserPhoneNumber: "0811222233333",
      box: { id: 7 },
      mouth: { mouthType: { name: "M" } },
      photo,
      recipientName: "Rina",
      takeUserLanguage: "Indonesia",
      senderName: "JNE",
    });
    expect(errorsOf({ ...values, sender_name: "   " }).sender_name).toBe(dropOffMessages.senderName);
  });

  it("follows the documented phone rule (08… of 10 to 13 digits, 628… of 11 to 14), as its message says", () => {
    const phone = (value: string) => errorsOf({ recipient_mobile_number: value }).recipient_mobile_number;
    expect(phone("0811222233333")).toBeUndefined();
    expect(phone("628112222333")).toBeUndefined();
    expect(phone("081234567")).toBe(dropOffMessages.recipientMobileNumberFormat);
    expect(phone("081234567890123")).toBe(dropOffMessages.recipientMobileNumberFormat);
    expect(phone("0812345678")).toBeUndefined();
    expect(phone("08123456789012")).toBe(dropOffMessages.recipientMobileNumberFormat);
    expect(phone("62812345678901")).toBeUndefined();
    expect(phone("6281234567")).toBe(dropOffMessages.recipientMobileNumberFormat);
    expect(phone("0211234567")).toBe(dropOffMessages.recipientMobileNumberFormat);
    expect(digitsOnly("+62 811-2222 abc 3333")).toBe("6281122223333");
  });

  it("strips a typed or pasted phone to digits before cutting it to 14 digits", () => {
    expect(recipientPhoneInput("+62 812-3456-7890")).toBe("6281234567890");
    expect(recipientPhoneInput("(+62) 811-2222-3333-4444")).toBe("62811222233334");
    expect(recipientPhoneInput("0")).toBe("0");
    expect(recipientPhoneInput("08a1")).toBe("081");
  });

  it("translates every contract message, in the spec's English wording", () => {
    for (const [key, text] of Object.entries({ ...dropOffMessages, ...photoMessages })) {
      expect(messageKey(text)).toBe(`dropOff.package.messages.${key}`);
      expect((en.package.messages as Record<string, string>)[key]).toBe(text);
    }
    expect(messageKey("something else")).toBeUndefined();
  });

  it("validates through the resolver, which loads the schema on first use", async () => {
    const result = await packageFormResolver(packageFormValues(undefined, "Locker A"), undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    });
    expect(result.errors.sender_name?.message).toBe(dropOffMessages.senderName);
    expect(result.errors.locker_location).toBeUndefined();
  });

  it("shrinks a phone photo to a longest side of 1600 px without enlarging small ones", () => {
    expect(fitWithin(4000, 3000, 1600)).toEqual({ width: 1600, height: 1200 });
    expect(fitWithin(3000, 4000, 1600)).toEqual({ width: 1200, height: 1600 });
    expect(fitWithin(800, 600, 1600)).toEqual({ width: 800, height: 600 });
  });
});
