// Generated from schemas/ and the definition.ts files by `npm run gen`: do not edit by hand.
// @ts-nocheck
const exports = {};
exports["-6fee9c45"] = validate14;
const schema16 = {"$schema":"http://json-schema.org/draft-07/schema#","title":"Enquiry","description":"The enquiry form of the Book a Demo, Get Your Free Quote, Book a 20-min Fit Call and Schedule a Call buttons. The browser and the server both validate with this schema; every message a visitor can see is in its errorMessage entries.","type":"object","x-retention-days":365,"additionalProperties":false,"required":["name","email","mobileRef","mobile","message"],"properties":{"name":{"title":"Name","description":"The visitor's name, at most 15 characters, on one line and without control characters or direction overrides.","type":"string","minLength":1,"maxLength":15,"pattern":"^[^\\p{Cc}\\p{Zl}\\p{Zp}\\u202a-\\u202e\\u2066-\\u2069]*$","errorMessage":{"type":"Name is required","minLength":"Name is required","maxLength":"Must be 15 characters or less","pattern":"Name must not contain control characters, which can come invisibly with pasted text"},"examples":["Priya"]},"email":{"title":"Email","description":"Where we reply: at most 254 characters, the longest address mail can carry. A control, direction, zero-width, tag, separator, private-use or other invisible character makes it an invalid e-mail.","type":"string","minLength":1,"maxLength":254,"pattern":"^[^\\s@\\p{C}\\p{DI}]+@[^\\s@\\p{C}\\p{DI}]+\\.[^\\s@\\p{C}\\p{DI}]+$","errorMessage":{"type":"Email is required","minLength":"Email is required","maxLength":"Email must be 254 characters or less","pattern":"Invalid Email"},"examples":["priya@example.com"]},"mobileRef":{"title":"Country code","description":"The dial code of the phone number: India +91, Singapore +65, Malaysia +60, UAE +971, US +1 or UK +44 (the UI schema names them).","type":"string","errorMessage":"Please select country code","examples":["+91"],"enum":["+91","+65","+60","+971","+1","+44"]},"mobile":{"title":"Phone number","description":"The phone number without its dial code: digits only, at least 10 and at most 15 (the longest an international number can be).","type":"string","minLength":1,"maxLength":15,"pattern":"^[0-9]{10,}$","errorMessage":{"type":"Phone number is required","minLength":"Phone number is required","maxLength":"Phone number must be 15 digits or less","pattern":"Phone number should be minimum 10 digits"},"examples":["9876543210"]},"message":{"title":"Message","description":"What the visitor would like to talk about: no control characters but tabs and line breaks.","type":"string","minLength":1,"maxLength":4000,"pattern":"^(?:[^\\p{Cc}]|[\\t\\n\\r])*$","errorMessage":{"type":"Message is required","minLength":"Message is required","maxLength":"Message must be 4000 characters or less","pattern":"Message must not contain control characters, which can come invisibly with pasted text"},"examples":["We would like to pilot an AI service desk agent."]}},"errorMessage":{"required":{"name":"Name is required","email":"Email is required","mobileRef":"Please select country code","mobile":"Phone number is required","message":"Message is required"},"additionalProperties":"has a field this form does not have"},"$id":"-6fee9c45"};
const func2 = ((text) => Array.from(text).length);
const pattern0 = new RegExp("^[^\\p{Cc}\\p{Zl}\\p{Zp}\\u202a-\\u202e\\u2066-\\u2069]*$", "u");
const pattern1 = new RegExp("^[^\\s@\\p{C}\\p{DI}]+@[^\\s@\\p{C}\\p{DI}]+\\.[^\\s@\\p{C}\\p{DI}]+$", "u");
const pattern2 = new RegExp("^[0-9]{10,}$", "u");
const pattern3 = new RegExp("^(?:[^\\p{Cc}]|[\\t\\n\\r])*$", "u");
const obj0 = {"required":"missingProperty","dependencies":"property","dependentRequired":"property"};

function validate14(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="-6fee9c45" */;
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.name === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'",schema:schema16.required,parentSchema:schema16,data};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.email === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "email"},message:"must have required property '"+"email"+"'",schema:schema16.required,parentSchema:schema16,data};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.mobileRef === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "mobileRef"},message:"must have required property '"+"mobileRef"+"'",schema:schema16.required,parentSchema:schema16,data};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.mobile === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "mobile"},message:"must have required property '"+"mobile"+"'",schema:schema16.required,parentSchema:schema16,data};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.message === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "message"},message:"must have required property '"+"message"+"'",schema:schema16.required,parentSchema:schema16,data};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
for(const key0 in data){
if(!(((((key0 === "name") || (key0 === "email")) || (key0 === "mobileRef")) || (key0 === "mobile")) || (key0 === "message"))){
const err5 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties",schema:false,parentSchema:schema16,data};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.name !== undefined){
let data0 = data.name;
if(typeof data0 === "string"){
if(func2(data0) > 15){
const err6 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/maxLength",keyword:"maxLength",params:{limit: 15},message:"must NOT have more than 15 characters",schema:15,parentSchema:schema16.properties.name,data:data0};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(func2(data0) < 1){
const err7 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema16.properties.name,data:data0};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(!pattern0.test(data0)){
const err8 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/pattern",keyword:"pattern",params:{pattern: "^[^\\p{Cc}\\p{Zl}\\p{Zp}\\u202a-\\u202e\\u2066-\\u2069]*$"},message:"must match pattern \""+"^[^\\p{Cc}\\p{Zl}\\p{Zp}\\u202a-\\u202e\\u2066-\\u2069]*$"+"\"",schema:"^[^\\p{Cc}\\p{Zl}\\p{Zp}\\u202a-\\u202e\\u2066-\\u2069]*$",parentSchema:schema16.properties.name,data:data0};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
else {
const err9 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema16.properties.name.type,parentSchema:schema16.properties.name,data:data0};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
if(errors > 0){
const emErrors0 = {"type":[],"minLength":[],"maxLength":[],"pattern":[]};
const templates0 = {};
for(const err10 of vErrors){
if((((((err10.keyword !== "errorMessage") && (!err10.emUsed)) && (err10.instancePath === instancePath+"/name")) && (err10.keyword in emErrors0)) && (err10.schemaPath.indexOf("#/properties/name") === 0)) && (/^\/[^\/]*$/.test(err10.schemaPath.slice(17)))){
emErrors0[err10.keyword].push(err10);
err10.emUsed = true;
}
}
for(const key1 in emErrors0){
if(emErrors0[key1].length){
const err11 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/errorMessage",keyword:"errorMessage",params:{errors: emErrors0[key1]},message:key1 in templates0 ? templates0[key1]() : schema16.properties.name.errorMessage[key1],schema:schema16.properties.name.errorMessage,parentSchema:schema16.properties.name,data:data0};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
const emErrs0 = [];
for(const err12 of vErrors){
if(!err12.emUsed){
emErrs0.push(err12);
}
}
vErrors = emErrs0;
errors = emErrs0.length;
}
}
if(data.email !== undefined){
let data1 = data.email;
if(typeof data1 === "string"){
if(func2(data1) > 254){
const err13 = {instancePath:instancePath+"/email",schemaPath:"#/properties/email/maxLength",keyword:"maxLength",params:{limit: 254},message:"must NOT have more than 254 characters",schema:254,parentSchema:schema16.properties.email,data:data1};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
if(func2(data1) < 1){
const err14 = {instancePath:instancePath+"/email",schemaPath:"#/properties/email/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema16.properties.email,data:data1};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
if(!pattern1.test(data1)){
const err15 = {instancePath:instancePath+"/email",schemaPath:"#/properties/email/pattern",keyword:"pattern",params:{pattern: "^[^\\s@\\p{C}\\p{DI}]+@[^\\s@\\p{C}\\p{DI}]+\\.[^\\s@\\p{C}\\p{DI}]+$"},message:"must match pattern \""+"^[^\\s@\\p{C}\\p{DI}]+@[^\\s@\\p{C}\\p{DI}]+\\.[^\\s@\\p{C}\\p{DI}]+$"+"\"",schema:"^[^\\s@\\p{C}\\p{DI}]+@[^\\s@\\p{C}\\p{DI}]+\\.[^\\s@\\p{C}\\p{DI}]+$",parentSchema:schema16.properties.email,data:data1};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
else {
const err16 = {instancePath:instancePath+"/email",schemaPath:"#/properties/email/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema16.properties.email.type,parentSchema:schema16.properties.email,data:data1};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
if(errors > 0){
const emErrors1 = {"type":[],"minLength":[],"maxLength":[],"pattern":[]};
const templates1 = {};
for(const err17 of vErrors){
if((((((err17.keyword !== "errorMessage") && (!err17.emUsed)) && (err17.instancePath === instancePath+"/email")) && (err17.keyword in emErrors1)) && (err17.schemaPath.indexOf("#/properties/email") === 0)) && (/^\/[^\/]*$/.test(err17.schemaPath.slice(18)))){
emErrors1[err17.keyword].push(err17);
err17.emUsed = true;
}
}
for(const key2 in emErrors1){
if(emErrors1[key2].length){
const err18 = {instancePath:instancePath+"/email",schemaPath:"#/properties/email/errorMessage",keyword:"errorMessage",params:{errors: emErrors1[key2]},message:key2 in templates1 ? templates1[key2]() : schema16.properties.email.errorMessage[key2],schema:schema16.properties.email.errorMessage,parentSchema:schema16.properties.email,data:data1};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
const emErrs1 = [];
for(const err19 of vErrors){
if(!err19.emUsed){
emErrs1.push(err19);
}
}
vErrors = emErrs1;
errors = emErrs1.length;
}
}
if(data.mobileRef !== undefined){
let data2 = data.mobileRef;
if(typeof data2 !== "string"){
const err20 = {instancePath:instancePath+"/mobileRef",schemaPath:"#/properties/mobileRef/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema16.properties.mobileRef.type,parentSchema:schema16.properties.mobileRef,data:data2};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
if(!((((((data2 === "+91") || (data2 === "+65")) || (data2 === "+60")) || (data2 === "+971")) || (data2 === "+1")) || (data2 === "+44"))){
const err21 = {instancePath:instancePath+"/mobileRef",schemaPath:"#/properties/mobileRef/enum",keyword:"enum",params:{allowedValues: schema16.properties.mobileRef.enum},message:"must be equal to one of the allowed values",schema:schema16.properties.mobileRef.enum,parentSchema:schema16.properties.mobileRef,data:data2};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
if(errors > 0){
const emErrs2 = [];
for(const err22 of vErrors){
if(((((err22.keyword !== "errorMessage") && (!err22.emUsed)) && ((err22.instancePath === instancePath+"/mobileRef") || ((err22.instancePath.indexOf(instancePath+"/mobileRef") === 0) && (err22.instancePath[instancePath+"/mobileRef".length] === "/")))) && (err22.schemaPath.indexOf("#/properties/mobileRef") === 0)) && (err22.schemaPath["#/properties/mobileRef".length] === "/")){
emErrs2.push(err22);
err22.emUsed = true;
}
}
if(emErrs2.length){
const err23 = {instancePath:instancePath+"/mobileRef",schemaPath:"#/properties/mobileRef/errorMessage",keyword:"errorMessage",params:{errors: emErrs2},message:"Please select country code",schema:"Please select country code",parentSchema:schema16.properties.mobileRef,data:data2};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
const emErrs3 = [];
for(const err24 of vErrors){
if(!err24.emUsed){
emErrs3.push(err24);
}
}
vErrors = emErrs3;
errors = emErrs3.length;
}
}
if(data.mobile !== undefined){
let data3 = data.mobile;
if(typeof data3 === "string"){
if(func2(data3) > 15){
const err25 = {instancePath:instancePath+"/mobile",schemaPath:"#/properties/mobile/maxLength",keyword:"maxLength",params:{limit: 15},message:"must NOT have more than 15 characters",schema:15,parentSchema:schema16.properties.mobile,data:data3};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
if(func2(data3) < 1){
const err26 = {instancePath:instancePath+"/mobile",schemaPath:"#/properties/mobile/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema16.properties.mobile,data:data3};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
if(!pattern2.test(data3)){
const err27 = {instancePath:instancePath+"/mobile",schemaPath:"#/properties/mobile/pattern",keyword:"pattern",params:{pattern: "^[0-9]{10,}$"},message:"must match pattern \""+"^[0-9]{10,}$"+"\"",schema:"^[0-9]{10,}$",parentSchema:schema16.properties.mobile,data:data3};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
else {
const err28 = {instancePath:instancePath+"/mobile",schemaPath:"#/properties/mobile/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema16.properties.mobile.type,parentSchema:schema16.properties.mobile,data:data3};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
if(errors > 0){
const emErrors2 = {"type":[],"minLength":[],"maxLength":[],"pattern":[]};
const templates2 = {};
for(const err29 of vErrors){
if((((((err29.keyword !== "errorMessage") && (!err29.emUsed)) && (err29.instancePath === instancePath+"/mobile")) && (err29.keyword in emErrors2)) && (err29.schemaPath.indexOf("#/properties/mobile") === 0)) && (/^\/[^\/]*$/.test(err29.schemaPath.slice(19)))){
emErrors2[err29.keyword].push(err29);
err29.emUsed = true;
}
}
for(const key3 in emErrors2){
if(emErrors2[key3].length){
const err30 = {instancePath:instancePath+"/mobile",schemaPath:"#/properties/mobile/errorMessage",keyword:"errorMessage",params:{errors: emErrors2[key3]},message:key3 in templates2 ? templates2[key3]() : schema16.properties.mobile.errorMessage[key3],schema:schema16.properties.mobile.errorMessage,parentSchema:schema16.properties.mobile,data:data3};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
}
const emErrs4 = [];
for(const err31 of vErrors){
if(!err31.emUsed){
emErrs4.push(err31);
}
}
vErrors = emErrs4;
errors = emErrs4.length;
}
}
if(data.message !== undefined){
let data4 = data.message;
if(typeof data4 === "string"){
if(func2(data4) > 4000){
const err32 = {instancePath:instancePath+"/message",schemaPath:"#/properties/message/maxLength",keyword:"maxLength",params:{limit: 4000},message:"must NOT have more than 4000 characters",schema:4000,parentSchema:schema16.properties.message,data:data4};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
if(func2(data4) < 1){
const err33 = {instancePath:instancePath+"/message",schemaPath:"#/properties/message/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema16.properties.message,data:data4};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
if(!pattern3.test(data4)){
const err34 = {instancePath:instancePath+"/message",schemaPath:"#/properties/message/pattern",keyword:"pattern",params:{pattern: "^(?:[^\\p{Cc}]|[\\t\\n\\r])*$"},message:"must match pattern \""+"^(?:[^\\p{Cc}]|[\\t\\n\\r])*$"+"\"",schema:"^(?:[^\\p{Cc}]|[\\t\\n\\r])*$",parentSchema:schema16.properties.message,data:data4};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
}
else {
const err35 = {instancePath:instancePath+"/message",schemaPath:"#/properties/message/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema16.properties.message.type,parentSchema:schema16.properties.message,data:data4};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
if(errors > 0){
const emErrors3 = {"type":[],"minLength":[],"maxLength":[],"pattern":[]};
const templates3 = {};
for(const err36 of vErrors){
if((((((err36.keyword !== "errorMessage") && (!err36.emUsed)) && (err36.instancePath === instancePath+"/message")) && (err36.keyword in emErrors3)) && (err36.schemaPath.indexOf("#/properties/message") === 0)) && (/^\/[^\/]*$/.test(err36.schemaPath.slice(20)))){
emErrors3[err36.keyword].push(err36);
err36.emUsed = true;
}
}
for(const key4 in emErrors3){
if(emErrors3[key4].length){
const err37 = {instancePath:instancePath+"/message",schemaPath:"#/properties/message/errorMessage",keyword:"errorMessage",params:{errors: emErrors3[key4]},message:key4 in templates3 ? templates3[key4]() : schema16.properties.message.errorMessage[key4],schema:schema16.properties.message.errorMessage,parentSchema:schema16.properties.message,data:data4};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
}
const emErrs5 = [];
for(const err38 of vErrors){
if(!err38.emUsed){
emErrs5.push(err38);
}
}
vErrors = emErrs5;
errors = emErrs5.length;
}
}
}
else {
const err39 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema16.type,parentSchema:schema16,data};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
if(errors > 0){
const emErrors4 = {"additionalProperties":[]};
const templates4 = {};
for(const err40 of vErrors){
if((((((err40.keyword !== "errorMessage") && (!err40.emUsed)) && (err40.instancePath === instancePath)) && (err40.keyword in emErrors4)) && (err40.schemaPath.indexOf("#") === 0)) && (/^\/[^\/]*$/.test(err40.schemaPath.slice(1)))){
emErrors4[err40.keyword].push(err40);
err40.emUsed = true;
}
}
for(const key5 in emErrors4){
if(emErrors4[key5].length){
const err41 = {instancePath,schemaPath:"#/errorMessage",keyword:"errorMessage",params:{errors: emErrors4[key5]},message:key5 in templates4 ? templates4[key5]() : schema16.errorMessage[key5],schema:schema16.errorMessage,parentSchema:schema16,data};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
}
const emErrors5 = {"required":{"name":[],"email":[],"mobileRef":[],"mobile":[],"message":[]}};
const templates5 = {required:{}};
let emPropParams0;
let emParamsErrors0;
for(const err42 of vErrors){
if((((((err42.keyword !== "errorMessage") && (!err42.emUsed)) && (err42.instancePath === instancePath)) && (err42.keyword in emErrors5)) && (err42.schemaPath.indexOf("#") === 0)) && (/^\/[^\/]*$/.test(err42.schemaPath.slice(1)))){
emPropParams0 = obj0[err42.keyword];
emParamsErrors0 = emErrors5[err42.keyword][err42.params[emPropParams0]];
if(emParamsErrors0){
emParamsErrors0.push(err42);
err42.emUsed = true;
}
}
}
for(const key6 in emErrors5){
for(const keyProp0 in emErrors5[key6]){
emParamsErrors0 = emErrors5[key6][keyProp0];
if(emParamsErrors0.length){
const tmpl0 = templates5[key6] && templates5[key6][keyProp0];
const err43 = {instancePath,schemaPath:"#/errorMessage",keyword:"errorMessage",params:{errors: emParamsErrors0},message:tmpl0 ? tmpl0() : schema16.errorMessage[key6][keyProp0],schema:schema16.errorMessage,parentSchema:schema16,data};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
}
}
const emErrs6 = [];
for(const err44 of vErrors){
if(!err44.emUsed){
emErrs6.push(err44);
}
}
vErrors = emErrs6;
errors = emErrs6.length;
}
validate14.errors = vErrors;
return errors === 0;
}

export default exports;
